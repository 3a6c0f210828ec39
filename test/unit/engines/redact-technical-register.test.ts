/**
 * The technical register of a page (code-context.ts technicalRegister), a
 * feature of the person model: software named as people are (a given name,
 * a word of myth) standing alone on a page about builds and servers is a
 * product, while the people the same page names in full stay masked. The
 * page here is invented for this test (its tools and people included); it
 * fails on the model fitted before the register was a feature.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { technicalRegister } from '../../../functions/engines/redact/code-context.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

const DEPLOY_GUIDE = [
  'Deploying the staging stack',
  '',
  'The build runs on every commit. Unit tests use Tamsin as the runner, and Lucian, Odile and Everard cover the browser tests.',
  'Caching goes through Rowena; the job queue is Perpetua, and Isolde draws the dashboards from the server metrics.',
  'Before you deploy, run make check and confirm the config points at the right cluster.',
  '',
  'Maintained by Leontyne Haverkamp and Osric Dellamore; thanks to Wilhelmina Pargeter for the container images.',
].join('\n');

describe('technical register', () => {
  it.each([
    ['a page about builds and servers', 'Run npm install, then start the server with the default config. The plugin loads the library on build.', 1],
    ['a letter', 'Dear Mrs Pellard, thank you for your letter of the fifth. We will visit you on Tuesday with the papers.', 0],
    ['no words at all', '12 34 56', 0],
  ])('reads %s as $2', (_, text, expected) => {
    expect(technicalRegister(text)).toBe(expected);
  });

  it('lies between 0 and 1 on mixed text, higher with more software words', () => {
    const some = technicalRegister('We met at the station and talked about the weather, the garden, and the new server at work.');
    const more = technicalRegister('We met at the station and talked about the server, the build, the deploy script and the config.');
    expect(some).toBeGreaterThan(0);
    expect(more).toBeGreaterThan(some);
    expect(more).toBeLessThanOrEqual(1);
  });

  it('masks the people of a deployment guide and none of its tools named like people', async () => {
    const found = await persons(DEPLOY_GUIDE);
    expect(found).toEqual(expect.arrayContaining(['Leontyne Haverkamp', 'Osric Dellamore', 'Wilhelmina Pargeter']));
    for (const tool of ['Tamsin', 'Lucian', 'Odile', 'Everard', 'Rowena', 'Perpetua', 'Isolde']) expect(found).not.toContain(tool);
  });

  it('still masks a lone name a cue introduces on a technical page', async () => {
    expect(await persons('Release 2.3 of the importer is out. Thanks to Marisol for the review of the installer.')).toContain('Marisol');
  });

  it('takes no label opening the next line for the surname of a name broken over it', async () => {
    // An HTTP header block: "Server: Quennet⏎Content-Type: …" is a product, then the next header, not "Quennet Content-Type".
    expect(await persons('Server: Quennet\nContent-Type: text/html\nCache-Control: no-store')).toEqual([]);
    expect(await persons('Regards, Marisol\nQuenby')).toEqual(['Marisol\nQuenby']);
  });
});
