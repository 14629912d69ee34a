/**
 * A real S3-protocol server for tests (s3rver, keeping its objects in a temporary folder) on
 * 127.0.0.1 and a free port, and a proxy in front of a server that dies after a number of bytes.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { s3Client, s3Storage, type S3Settings } from '../storage/s3';
import type { Storage } from '../storage/store';

export interface TestS3 {
  endpoint: string;
  /** The settings that reach `bucket` on this server (path-style, its fixed test keys). */
  settings(bucket: string, endpoint?: string): S3Settings;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-s3-'));
  // s3rver signs bucket addresses with a trailing slash differently from the SDK (real S3 agrees
  // with the SDK), so it is told to accept signatures it computes otherwise; the key must still be known.
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (bucket, at = endpoint) => ({
      endpoint: at,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

const testSettings = (endpoint: string, bucket: string): S3Settings => ({
  endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

/** The app's stores in a new, empty bucket of the test server at `endpoint`. */
export async function freshBucketStorage(endpoint: string): Promise<Storage> {
  const bucket = `t-${process.pid}-${randomBytes(6).toString('hex')}`;
  const client = s3Client(testSettings(endpoint, bucket));
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return s3Storage(client, bucket);
}

/**
 * Passes connections to `port` until `bytes` bytes of requests have gone through, then drops
 * every connection and refuses new ones: a store server that fails in the middle of an upload.
 */
export async function dyingProxy(port: number, bytes: number): Promise<{ endpoint: string; close(): Promise<void> }> {
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > bytes) {
        upstream.write(chunk.subarray(0, chunk.length - (sent - bytes)));
        proxy.close();
        for (const socket of sockets) socket.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port: own } = proxy.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${own}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
