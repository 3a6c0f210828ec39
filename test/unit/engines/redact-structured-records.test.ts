/**
 * Records written out as data — API logs, exports, message payloads — where the key names a personal value that has
 * no shape of its own (a lone given name, a login). Every value is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('personal fields of JSON and XML records', () => {
  it('masks names, logins, birth dates and passwords their keys name, in any key spelling', async () => {
    const text = [
      '{"id":90412,"firstName":"Ottilie","last_name":"Brack","user":"obrack.ops","DOB":"1977-10-03","pwd":"Xq7-marten"}',
      '<member><given-name>Radko</given-name><Surname>Vesely</Surname><login>rvesely</login></member>',
    ].join('\n');
    const spans = await found(text);
    expect(spans).toContainEqual(['PERSON', 'Ottilie']);
    expect(spans).toContainEqual(['PERSON', 'Brack']);
    expect(spans).toContainEqual(['USERNAME', 'obrack.ops']);
    expect(spans).toContainEqual(['DATE_OF_BIRTH', '1977-10-03']);
    expect(spans).toContainEqual(['PASSWORD', 'Xq7-marten']);
    expect(spans).toContainEqual(['PERSON', 'Radko']);
    expect(spans).toContainEqual(['PERSON', 'Vesely']);
    expect(spans).toContainEqual(['USERNAME', 'rvesely']);
  });

  it("leaves a schema's placeholders, a package's name and numeric user ids alone", async () => {
    const text = [
      '{"name": "docintel", "version": "0.1.0", "private": true}',
      '{"first_name": "string", "last_name": "string", "password": "********", "user_id": 88213}',
      '<user><login>{{login}}</login><name>Build agent</name></user>',
    ].join('\n');
    expect(await found(text)).toEqual([]);
  });
});
