// The extension's pure parts and its DOM reading (on jsdom documents made in the tests).
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'capture-extension' };
