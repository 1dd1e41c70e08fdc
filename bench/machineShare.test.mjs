import assert from 'node:assert/strict';
import test from 'node:test';
import { machineTicks, processStat, startMachineShare, ticksOf } from './machineShare.mjs';

/** A /proc with these processes ({pid: [parent, ticks]}) and the machine's busy and idle ticks. */
function fakeProc() {
  const proc = { busy: 0, idle: 0, processes: {} };
  return {
    proc,
    pids: () => Object.keys(proc.processes).map(Number),
    readFile: (file) => {
      if (file === '/proc/stat') {
        return `cpu  ${String(proc.busy)} 0 0 ${String(proc.idle)} 0 0 0 0 0 0\n`;
      }
      const pid = Number(/^\/proc\/(\d+)\/stat$/.exec(file)?.[1]);
      const entry = proc.processes[pid];
      if (!entry) throw new Error(`no process ${String(pid)}`);
      const [parent, ticks] = entry;
      return `${String(pid)} (a b) R ${String(parent)} 1 1 0 -1 0 0 0 0 0 ${String(ticks)} 0 0 0 20`;
    },
  };
}

test("the machine's busy ticks are user, nice, system, irq, softirq and steal; idle and iowait are not", () => {
  const stat = 'cpu  100 5 40 900 20 3 2 1 0 0\ncpu0 50 2 20 450 10 1 1 0 0 0\nintr 1\n';
  assert.deepEqual(machineTicks(stat), { busy: 151, all: 1071 });
});

test("a process's parent and own ticks, whatever its command's name holds", () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
  const stat = '4242 (node a) b) S 1 4242 4242 0 -1 4194560 10 0 0 0 700 50 200 30 20 0 1';
  assert.deepEqual(processStat(stat), { parent: 1, ticks: 750 });
});

test("the others' share is the machine's busy time less that of the bench and every process descended from it", () => {
  const { proc, pids, readFile } = fakeProc();
  proc.busy = 1000;
  proc.idle = 5000;
  // The bench (7) has run 300 ticks before the count; another process (9) is running too.
  proc.processes = { 1: [0, 0], 7: [1, 300], 9: [1, 50] };
  const share = startMachineShare({ everyMs: 60_000, root: 7, pids, readFile });
  // A gateway (20), the browser it started in a session of its own (21) and its renderer (22).
  proc.processes = { ...proc.processes, 20: [7, 100], 21: [7, 150], 22: [21, 50] };
  proc.processes[7] = [1, 500];
  proc.processes[9] = [1, 150];
  proc.busy = 1600;
  proc.idle = 5400;
  // Of the 600 busy ticks, the bench's are 200 + 100 + 150 + 50 = 500: the others' 100 of 1,000.
  const measured = share.stop();
  assert.equal(measured(), 0.1);
  // A child of the bench's that stands for another process (the burner) counts as the others'.
  assert.equal(measured(400), 0.5);
});

test('a process of the bench’s that ended still counts as the bench’s, up to its last look', () => {
  const { proc, pids, readFile } = fakeProc();
  proc.idle = 1000;
  proc.processes = { 7: [1, 0] };
  const share = startMachineShare({ everyMs: 5, root: 7, pids, readFile });
  proc.processes[30] = [7, 200];
  proc.busy = 200;
  return new Promise((resolve) => {
    setTimeout(() => {
      // It ends, and its id goes to another process of the bench's, which runs 50 ticks.
      proc.processes[30] = [7, 50];
      proc.busy = 250;
      proc.idle = 1750;
      assert.equal(share.stop()(), 0);
      resolve();
    }, 50);
  });
});

test('on this machine, the running process has spent ticks, and one that is gone none', () => {
  const started = performance.now();
  // 100 ms of this process's own CPU time, at least one tick of /proc's 10 ms.
  const spent = process.cpuUsage();
  while (process.cpuUsage(spent).user < 100_000) Math.sqrt(Math.random());
  assert.ok(ticksOf(process.pid) > 0, `ticks after ${String(performance.now() - started)} ms`);
  assert.equal(ticksOf(2 ** 22 + 17), 0);
});
