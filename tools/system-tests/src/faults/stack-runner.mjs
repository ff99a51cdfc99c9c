// Runs a fault-test stack in a plain Node process (the test's module sandbox cannot start
// embedded Postgres) and obeys the test over IPC: signal, hold or release one of its processes.
import { createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { startStack } = require('@sopwright/stack');
const options = JSON.parse(process.argv[2]);

const stack = await startStack({ ...options, log: (line) => appendFileSync(options.logFile, `${line}\n`) });
process.send({ ready: true, url: stack.url, env: stack.env });

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
    if (command === 'signal') process.kill(target.pid(), signal);
    process.send({ id, ok: true, pid: target.pid(), restarts: target.restarts() });
  } catch (error) {
    process.send({ id, ok: false, error: String(error) });
  }
});
