// The specs run ffmpeg, pocketsphinx and tesseract on generated media: on a busy 2-core
// machine one can take longer than jest's default 5 s without anything being wrong.
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'generation', testTimeout: 30_000 };
