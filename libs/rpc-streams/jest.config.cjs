module.exports = { ...require('../../jest.preset.cjs'), displayName: 'rpc-streams' };
