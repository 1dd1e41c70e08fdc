import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';
import { freePort } from './ports';

/** Debian's nginx, as `npm run cluster` runs it. */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The settings the cluster's nginx is made of (scripts/cluster.mjs includes the same files). */
const SETTINGS = path.resolve(__dirname, '..', '..', '..', 'scripts', 'nginx');

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * nginx in front of one gateway, configured as the cluster's proxy (the same client limits,
 * connection pool and proxy settings), on a free port of 127.0.0.1. `serverSettings` are added
 * to its server block (a test shortens a time limit there, never the shared files).
 */
export async function startTestNginx(gatewayPort: number, serverSettings = '') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-nginx-'));
  // nginx's workers run as another user: they must reach the folders of buffered bodies.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${SETTINGS}/clients.conf;
  upstream gateways {
    server 127.0.0.1:${String(gatewayPort)};
    include ${SETTINGS}/gateway-pool.conf;
  }
  server {
    listen 127.0.0.1:${String(port)};
    ${serverSettings}
    location / {
      proxy_pass http://gateways;
      include ${SETTINGS}/proxy.conf;
    }
  }
}
`,
  );
  let log = '';
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', conf, '-e', 'stderr', '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', (error) => {
      log += String(error);
      exited = true;
      resolve();
    });
  });
  await eventually(async () => {
    if (exited) throw new Error(`nginx stopped: ${log}`);
    return accepts(port);
  }, 'nginx accepting connections');
  return {
    port,
    /** What nginx has written to its error log. */
    log: () => log,
    async close() {
      child.kill('SIGTERM');
      await exit;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestNginx = Awaited<ReturnType<typeof startTestNginx>>;
