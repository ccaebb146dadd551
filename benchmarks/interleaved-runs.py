#!/usr/bin/env python3
"""interleaved-runs.py N WARMUP NAME=COMMAND ...

Runs each COMMAND N times (after WARMUP rounds not counted), interleaved: one run of each in
turn, round after round, so that a change of load on a noisy machine falls on all of them
alike (hyperfine runs one command's runs, then the next's). Each run is spawned directly
(posix_spawn, stdout to /dev/null) and waited for with wait4, which gives the CPU time it used
(user and system together: for a run this short the kernel's split between the two is a
sample, not a measurement). Prints, per command, the median wall and CPU time and the ratio
of its median wall time to the first command's. Exits 1 when a run fails.
"""
import os
import shlex
import statistics
import sys
import time


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    runs, warmup = int(sys.argv[1]), int(sys.argv[2])
    names, commands = [], []
    for argument in sys.argv[3:]:
        name, _, command = argument.partition("=")
        names.append(name)
        commands.append(shlex.split(command))
    devnull = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1)]
    wall = [[] for _ in commands]
    cpu = [[] for _ in commands]
    for round_number in range(warmup + runs):
        for index, command in enumerate(commands):
            start = time.perf_counter_ns()
            pid = os.posix_spawn(command[0], command, os.environ, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            elapsed = (time.perf_counter_ns() - start) / 1e6
            if status != 0:
                sys.exit(f"interleaved-runs: {names[index]} failed (wait status {status}): {shlex.join(command)}")
            if round_number >= warmup:
                wall[index].append(elapsed)
                cpu[index].append((usage.ru_utime + usage.ru_stime) * 1000)
    first = statistics.median(wall[0])
    for index, name in enumerate(names):
        median = statistics.median(wall[index])
        print(f"{name:14} median {median:6.3f} ms (CPU {statistics.median(cpu[index]):5.2f} ms)  "
              f"ratio to {names[0]}: {median / first:4.2f}")


if __name__ == "__main__":
    main()
