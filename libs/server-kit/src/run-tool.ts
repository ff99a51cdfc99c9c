import { execFile, type ExecFileOptions } from 'node:child_process';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { inSpan } from './tracing';

const execFileAsync = promisify(execFile);

/**
 * Runs a command-line tool (ffmpeg, pocketsphinx, tesseract) and collects its output, in a
 * span named after the tool so a trace shows where a generation spent its time. The
 * arguments are not recorded: they name users' files.
 */
export function runTool(file: string, args: readonly string[], options: ExecFileOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return inSpan(`exec ${basename(file)}`, { 'process.executable.name': basename(file) }, async () => {
    const { stdout, stderr } = await execFileAsync(file, args, { ...options, encoding: 'utf8' });
    return { stdout, stderr };
  });
}
