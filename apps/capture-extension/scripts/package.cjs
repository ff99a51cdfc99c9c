// Zips dist/extension into dist/sopwright-capture.zip, the file to upload to a store or to
// hand to users (unzip it and load it unpacked). Files in a fixed order with a fixed date, so
// the same build gives the same zip.
const fs = require('node:fs');
const path = require('node:path');
const JSZip = require('jszip');

const root = path.join(__dirname, '..');
const folder = path.join(root, 'dist/extension');
const target = path.join(root, 'dist/sopwright-capture.zip');
const date = new Date(Date.UTC(2020, 0, 1));

function filesIn(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesIn(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]));
}

async function main() {
  if (!fs.existsSync(path.join(folder, 'manifest.json'))) throw new Error('dist/extension has no manifest.json: run the webpack build first');
  const zip = new JSZip();
  const files = filesIn(folder);
  for (const file of files) zip.file(file, fs.readFileSync(path.join(folder, file)), { date });
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, platform: 'UNIX' });
  fs.writeFileSync(target, bytes);
  console.log(`${path.relative(process.cwd(), target)}: ${files.length} files, ${(bytes.length / 1024).toFixed(1)} KB`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
