// `npm test`: every check — module-boundary lint, type checks, builds, unit tests — and then
// the integration and browser suites, which start their own stack, on a quiet machine.
import { ensurePrerequisites, testNeeds, nx } from './prerequisites.mjs';

try {
  ensurePrerequisites({ needs: testNeeds });
  nx(['run-many', '-t', 'lint', 'typecheck', 'build', 'test', '--exclude=@sopwright/system-tests', '--output-style=stream', '--parallel=2']);
  nx(['run-many', '-t', 'lint', 'typecheck', 'test', '--projects=@sopwright/system-tests', '--output-style=stream']);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
