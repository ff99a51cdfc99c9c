// Runs a fault-test stack in a plain Node process (the test's module sandbox cannot start
// embedded Postgres) and obeys the test over IPC: signal, hold or release one of its processes.
import { createRequire } from 'node:module';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { startStack } = require('@sopwright/stack');
const options = JSON.parse(process.argv[2]);

const stack = await startStack({ ...options, log: (line) => appendFileSync(options.logFile, `${line}\n`) });
process.send({ ready: true, url: stack.url, env: stack.env });

/**
 * A process killed outright takes its children with it, as when a container or host dies:
 * Postgres's backends would otherwise go on answering on open connections for a moment after
 * their postmaster is gone, and a test could reach one before it notices.
 */
function killWithChildren(pid, signal) {
  const children = signal === 'SIGKILL' ? childrenOf(pid) : [];
  process.kill(pid, signal);
  for (const child of children) {
    try {
      process.kill(child, signal);
    } catch {
      // Already gone.
    }
  }
}

function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

process.on('message', async ({ id, command, name, signal }) => {
  try {
    if (command === 'stop') {
      await stack.stop();
      process.send({ id, ok: true });
      process.exit(0);
    }
    const target = stack.processes.get(name);
    if (!target) throw new Error(`no process ${name}`);
    if (command === 'hold') target.hold();
    // 'pid' only reports.
    if (command === 'release') target.release();
    if (command === 'signal') killWithChildren(target.pid(), signal);
    process.send({ id, ok: true, pid: target.pid(), restarts: target.restarts() });
  } catch (error) {
    process.send({ id, ok: false, error: String(error) });
  }
});
