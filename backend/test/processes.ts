/** Backend processes and nginx run as an operator would run them, for the scale-out test. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface Proc {
  child: ChildProcess;
  /** What it printed so far (for failure messages). */
  output(): string;
  /** Sends the signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function startProcess(command: string, args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  return {
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Polls `url` until it answers `status`; fails with the process output if the process ends first. */
export async function waitUntilServing(proc: Proc, url: string, status = 200): Promise<void> {
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(
        `process exited (${proc.child.exitCode ?? proc.child.signalCode}) before serving ${url}:\n${proc.output()}`,
      );
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

/** One backend instance from source, as `npm run cluster` starts it: one process unless `env` sets WORKERS. */
export function startBackend(env: Record<string, string>): Proc {
  return startProcess(process.execPath, ["--conditions=@caravan/source", "--import", "tsx", "backend/src/main.ts"], {
    WORKERS: "1",
    ...env,
  });
}
