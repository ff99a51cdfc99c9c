// `npm test`: every check — module-boundary lint, type checks, builds, unit, integration
// and browser tests. Integration and browser suites start their own stack.
import { ensurePrerequisites, nx } from './prerequisites.mjs';

try {
  ensurePrerequisites({ commands: ['redis-server', 'chromium'] });
  nx(['run-many', '-t', 'lint', 'typecheck', 'build', 'test', '--output-style=stream', '--parallel=2']);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
