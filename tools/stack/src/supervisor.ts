/** One run of a supervised process: its pid, when it ends, and how to stop it. */
export interface ProcessRun {
  pid: number | undefined;
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

/** A process the stack keeps running: restarted with backoff whenever it dies. */
export interface Supervised {
  readonly name: string;
  pid(): number | undefined;
  /** Times it was restarted after dying. */
  restarts(): number;
  /** Stops restarting (a fault test keeping it down); `release` resumes. */
  hold(): void;
  release(): void;
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  log: (line: string) => void;
  /** Called each time it dies unexpectedly, before the restart. */
  onExit?: () => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Starts a process and restarts it whenever it dies, as a process manager would: the delay
 * doubles on each failed restart up to a cap and resets once a run has lasted a minute. The
 * first start must succeed (a stack that cannot start at all says so at once).
 */
export async function supervise(name: string, start: () => Promise<ProcessRun>, options: SuperviseOptions): Promise<Supervised> {
  const firstDelay = options.firstDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let current: ProcessRun | undefined = await start();
  let stopping = false;
  let restarts = 0;
  let released: (() => void) | undefined;
  let held: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watch = async () => {
    let delay = firstDelay;
    while (!stopping && current) {
      const startedAt = Date.now();
      await current.exited;
      if (stopping) return;
      current = undefined;
      options.onExit?.();
      if (Date.now() - startedAt > 60_000) delay = firstDelay;
      while (!stopping && !current) {
        if (held) await held;
        options.log(`${name} is not running; restarting in ${delay} ms`);
        await sleep(delay);
        if (stopping) return;
        if (held) continue;
        try {
          current = await start();
          if (stopping) return void (await current.stop());
          restarts++;
          options.log(`${name} restarted`);
        } catch (error) {
          options.log(`${name} did not restart: ${error instanceof Error ? error.message : String(error)}`);
          delay = Math.min(maxDelay, delay * 2);
        }
      }
    }
  };
  const watching = watch();

  return {
    name,
    pid: () => current?.pid,
    restarts: () => restarts,
    hold: () => {
      held ??= new Promise<void>((resolve) => (released = resolve));
    },
    release: () => {
      released?.();
      held = undefined;
      released = undefined;
    },
    stop: async () => {
      stopping = true;
      released?.();
      wake?.();
      await current?.stop();
      await watching;
    },
  };
}
