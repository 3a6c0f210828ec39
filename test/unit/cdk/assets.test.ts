/**
 * SLOW (~10-20 s): synthesizes the real stack WITH bundling (local esbuild
 * and the heavy-function command hooks) into a temporary directory, then
 * checks the parse function's asset ships the files pdf.js and
 * @napi-rs/canvas load at run time. Everything else about the stack is
 * tested with bundling off in stack.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../functions/contracts/routes.ts';
import { createDocintelApp } from '../../helpers/cdk-app.ts';

describe('Stack: Docintel (bundled assets, slow)', () => {
  let outdir: string;
  let assetDir: (handler: string) => string;

  beforeAll(() => {
    // Prepare
    outdir = mkdtempSync(join(tmpdir(), 'docintel-cdk-'));
    const { app, stack } = createDocintelApp({ bundling: true, outdir });
    // Act
    const assembly = app.synth();
    const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, any> };
    const manifest = JSON.parse(readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8')) as {
      files: Record<string, { source: { path: string } }>;
    };
    assetDir = (handler) => {
      const fn = stack.functions[handler].function.node.defaultChild as CfnElement;
      const key: string = template.Resources[stack.resolve(fn.logicalId)].Properties.Code.S3Key;
      return join(outdir, manifest.files[key.replace(/\.zip$/, '')].source.path);
    };
  }, 120_000);

  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('bundles every handler as an ESM module with a source map', () => {
    for (const handler of new Set(ROUTES.map((r) => r.handler))) {
      // Act
      const files = readdirSync(assetDir(handler));
      // Assess
      expect(files, handler).toEqual(expect.arrayContaining(['index.mjs', 'index.mjs.map']));
    }
  });

  it('ships pdf.js (legacy build, fonts, CMaps) and the x64 canvas binary with the parse function', () => {
    // Prepare
    const modules = join(assetDir('parse'), 'node_modules');
    // Assess
    for (const path of [
      'pdfjs-dist/package.json',
      'pdfjs-dist/legacy/build/pdf.mjs',
      'pdfjs-dist/legacy/build/pdf.worker.mjs',
      'pdfjs-dist/standard_fonts',
      'pdfjs-dist/cmaps',
      '@napi-rs/canvas/package.json',
      '@napi-rs/canvas/index.js',
      '@napi-rs/canvas-linux-x64-gnu/package.json',
    ]) {
      expect(existsSync(join(modules, path)), path).toBe(true);
    }
    expect(readdirSync(join(modules, 'pdfjs-dist/standard_fonts')).length).toBeGreaterThan(0);
    expect(readdirSync(join(modules, 'pdfjs-dist/cmaps')).length).toBeGreaterThan(0);
    expect(readdirSync(join(modules, '@napi-rs/canvas-linux-x64-gnu')).some((f) => /linux-x64-gnu\.node$/.test(f))).toBe(true);
  });

  it('keeps pdf.js and canvas out of the parse bundle and node_modules out of light functions', () => {
    // Act
    const bundle = readFileSync(join(assetDir('parse'), 'index.mjs'), 'utf8');
    // Assess
    expect(bundle).toMatch(/["']pdfjs-dist\/legacy\/build\/pdf\.mjs["']/);
    for (const route of ROUTES.filter((r) => !r.heavy)) {
      expect(existsSync(join(assetDir(route.handler), 'node_modules')), route.handler).toBe(false);
    }
  });
});
