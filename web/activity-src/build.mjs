// Builds ../static/activity.js: the Embedded App SDK and activity.js in one
// minified bundle, its first line the SHA-256 of the inputs (this file,
// activity.js, package-lock.json) that web's TestActivityBundleFresh
// recomputes. Run: npm ci && npm run build.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const inputs = ['build.mjs', 'activity.js', 'package-lock.json'];
const h = createHash('sha256');
for (const f of inputs) {
  h.update(f + '\n');
  h.update(readFileSync(f));
}
const out = await build({
  entryPoints: ['activity.js'], bundle: true, minify: true, format: 'iife', target: 'es2020',
  legalComments: 'eof', write: false, charset: 'utf8',
});
const header = '// zugbot activity bundle; inputs sha256 ' + h.digest('hex') + '; built from web/activity-src by `npm ci && npm run build`; includes @discord/embedded-app-sdk (MIT) and its dependencies, see package-lock.json\n';
writeFileSync(process.argv[2] || '../static/activity.js', header + out.outputFiles[0].text);
