// How much of the machine's CPU time the rest of it took while the bench ran. A load average read
// at the end counts the bench's own browsers and gateways: a bench alone on the machine read as
// loaded. Linux's counters tell the two apart: the machine's busy time (/proc/stat) less the time
// of the bench's own processes (/proc/PID/stat of this process and its descendants, looked at
// every second).
import fs from 'node:fs';

/** Reads a file of /proc as text. */
const readProc = (file) => fs.readFileSync(file, 'utf8');

/**
 * The ticks the machine has spent busy (user, nice, system, irq, softirq, steal) and in all, from
 * the `cpu` line of /proc/stat.
 */
export function machineTicks(procStat) {
  const line = procStat.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no cpu line.');
  const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, all: busy + idle + iowait };
}

/**
 * A process's parent and the ticks it has run itself (utime and stime: fields 4, 14 and 15 of
 * /proc/PID/stat, counted after the command's parenthesis, which may itself hold spaces).
 */
export function processStat(pidStat) {
  const fields = pidStat.slice(pidStat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** The ticks a running process has run itself; 0 once it is gone. */
export function ticksOf(pid, readFile = readProc) {
  try {
    return processStat(readFile(`/proc/${String(pid)}/stat`)).ticks;
  } catch {
    return 0;
  }
}

/** Every process's parent and ticks; those gone while read are left out. */
function processTable(pids, readFile) {
  const table = new Map();
  for (const pid of pids()) {
    try {
      table.set(pid, processStat(readFile(`/proc/${String(pid)}/stat`)));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return table;
}

/** The ids of the processes running now. */
const runningPids = () =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/**
 * Starts counting. The bench's processes are `root` (this one) and every process descended from
 * it when looked at, every `everyMs` (a browser a launcher started in a session of its own is a
 * descendant too). What one of them runs after its last look, before it ends, is not seen: it
 * counts as another process's, which errs towards "loaded". `stop()`, called once the bench's
 * browsers and gateways have exited, answers the share of the machine's CPU time (0 to 1) that
 * other processes took since the start, given `extraTicks` of the bench's own that count as
 * others' (the `--loaded` burner).
 */
export function startMachineShare({
  everyMs = 1000,
  root = process.pid,
  pids = runningPids,
  readFile = readProc,
} = {}) {
  const startMachine = machineTicks(readFile('/proc/stat'));
  /** Of each process of the bench's: its ticks when first seen (0 if born since) and last. */
  const seen = new Map();
  /** The ticks of the bench's processes that ended, or whose id another one took. */
  let ended = 0;
  let first = true;
  const look = () => {
    const table = processTable(pids, readFile);
    const ours = new Set([root]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, { parent }] of table) {
        if (!ours.has(pid) && ours.has(parent)) {
          ours.add(pid);
          grew = true;
        }
      }
    }
    for (const pid of ours) {
      const ticks = table.get(pid)?.ticks;
      if (ticks === undefined) continue;
      const known = seen.get(pid);
      if (known && ticks < known.last) {
        // Another process with the same id.
        ended += known.last - known.first;
        seen.set(pid, { first: 0, last: ticks });
      } else seen.set(pid, { first: known?.first ?? (first ? ticks : 0), last: ticks });
    }
    first = false;
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      look();
      const endMachine = machineTicks(readFile('/proc/stat'));
      const all = endMachine.all - startMachine.all;
      let ours = ended;
      for (const ticks of seen.values()) ours += ticks.last - ticks.first;
      const others = endMachine.busy - startMachine.busy - ours;
      return (extraTicks = 0) =>
        all > 0 ? Math.min(1, Math.max(0, (others + extraTicks) / all)) : 0;
    },
  };
}
