/**
 * The database floor of a call: the statements the strong baseline sends for one request (its
 * session already known), run back to back by `pgbench -M prepared` with the same values and as
 * many connections as the load. No HTTP, no JSON, no JavaScript: what PostgreSQL alone does per
 * request. pgbench comes with postgresql-client (.ci/run installs it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sent } from './baseline';

/** A value as pgbench's `-D name=value` gives it: text PostgreSQL reads in the parameter's type. */
function asText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(asText).join(',')}}`;
  if (value === null || value === undefined) throw new Error('pgbench cannot pass a null parameter');
  return String(value);
}

/** A pgbench script of the statements, each `$n` a variable of its own, and the variables' values. */
export function floorScript(statements: readonly Sent[]): { script: string; variables: string[] } {
  const variables: string[] = [];
  const script = statements
    .map((statement, s) => {
      statement.values.forEach((value, i) => variables.push(`s${s}p${i + 1}=${asText(value)}`));
      return `${statement.text.replace(/\$(\d+)/g, (_, n: string) => `:s${s}p${n}`)};`;
    })
    .join('\n');
  return { script, variables };
}

/** Transactions per second of the script through `pgbench -M prepared` for `seconds`. */
export async function pgbenchTps(databaseUrl: string, statements: readonly Sent[], connections: number, seconds: number): Promise<number> {
  const { script, variables } = floorScript(statements);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yp-floor-')), 'call.sql');
  fs.writeFileSync(file, script);
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(connections),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    file,
    ...variables.flatMap((v) => ['-D', v]),
    databaseUrl,
  ];
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited ${code}: ${text.slice(-800)}`))));
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    if (!tps) throw new Error(`no tps in pgbench's output: ${out.slice(-800)}`);
    return Number(tps);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
