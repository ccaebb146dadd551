#!/usr/bin/env python3
"""push-latency-real.py BUS SUBSCRIPTION_FILE UNOTIFY APP COUNT WARMUP TSV

The measuring half of `benchmarks/push-latency --real` (which starts everything it needs): on
the bus BUS, COUNT remote notifications through the real stack and COUNT local ones through
the agent, interleaved (a push, then a local add, pair after pair, after WARMUP pairs not
counted), one at a time: each waits until its `Notify` reached the notification server before
the next starts. Every 20 pairs, outside the timed part, dunst's notifications are closed.

  push   pywebpush encrypts the message for SUBSCRIPTION_FILE (RFC 8291 aes128gcm) before the
         clock starts; timed from just before the HTTP POST to the push server to the `Notify`
         call on the bus. The distributor's `Message` call to the agent (KUnifiedPush's is
         org.unifiedpush.Connector2's) splits it: POST -> Message (push server and
         distributor), Message -> Notify (the agent).
  local  `UNOTIFY send --app APP`: the app's `Add` call to the agent -> `Notify` (the agent's
         part, as Message -> Notify is for a push), and from the command's spawn -> `Notify`.

The bus times are dbus-monitor's (`time=`: when it read the message, a copy the bus daemon
routes along with the server's), on the same clock (CLOCK_REALTIME) as this script's own. Each
notification's summary (`push-N`, `local-N`) identifies its `Notify`. Raw samples (ms) go to
TSV; prints, per path, p50 and p99 in ms, and the ratios push/local. Every wait has a deadline
(30 s a notification, 120 s the first push, sent while the distributor may still be
reconnecting to the push server): a notification not shown in time ends the run with exit
status 1.
Run it with the python of scripts/push/pywebpush-venv.
"""
import json
import os
import re
import select
import signal
import statistics
import subprocess
import sys
import time

import requests
from pywebpush import WebPusher

HEADER = re.compile(r"^method call time=(\d+)\.(\d+) .*; member=(\w+)$")
SUMMARY = re.compile(r'^\s+string "((?:push|local)-\d+)"$')
WAIT = 30.0
FIRST_WAIT = 120.0   # KUnifiedPush reconnects to a push server started again after 15-40 s
BODY = "A message of the latency benchmark."


class Monitor:
    """dbus-monitor on the bus, for the calls that matter; yields (time, member, summary)."""

    def __init__(self, bus):
        rules = [
            "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
            "type='method_call',interface='org.unotify.Agent1',member='Add'",
            "type='method_call',path='/org/unifiedpush/Connector',member='Message'",
        ]
        self.process = subprocess.Popen(
            ["stdbuf", "-oL", "dbus-monitor", "--address", bus] + rules, stdout=subprocess.PIPE)
        self.buffer = b""
        self.lines = []
        self.current = None   # the (time, member) whose arguments are being read

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)

    def _line(self, deadline):
        while not self.lines:
            left = deadline - time.time()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                sys.exit("bench: dbus-monitor exited (status %s)" % self.process.poll())
            self.buffer += chunk
            *complete, self.buffer = self.buffer.split(b"\n")
            self.lines += [line.decode("utf-8", "replace") for line in complete]
        return self.lines.pop(0)

    def ready(self, deadline):
        """Returns once dbus-monitor is a monitor: the bus took its name (`NameLost`), after
        its match rules were installed."""
        while True:
            line = self._line(deadline)
            if line is None:
                sys.exit("bench: dbus-monitor did not become a monitor within %.0f s" % WAIT)
            if "member=NameLost" in line:
                return

    def wait(self, summary, deadline):
        """The bus times of the calls seen up to the `Notify` of `summary`: {member: [times]}."""
        seen = {}
        while True:
            line = self._line(deadline)
            if line is None:
                return None
            header = HEADER.match(line)
            if header:
                stamp = int(header.group(1)) + int(header.group(2)) / 10 ** len(header.group(2))
                self.current = (stamp, header.group(3))
                if self.current[1] != "Notify":
                    seen.setdefault(self.current[1], []).append(stamp)
                continue
            found = SUMMARY.match(line)
            if found and self.current and self.current[1] == "Notify":
                if found.group(1) == summary:
                    seen["Notify"] = [self.current[0]]
                    return seen
                self.current = None   # another notification's (a warm-up's, a late one's)


def percentile(values, fraction):
    """The sample at `fraction` of the sorted `values` (as push-latency-benchmark takes it)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main():
    if len(sys.argv) != 8:
        sys.exit(__doc__)
    bus, subscription_file, unotify, app = sys.argv[1:5]
    count, warmup, tsv = int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
    with open(subscription_file, encoding="utf-8") as file:
        pusher = WebPusher(json.load(file))
    monitor = Monitor(bus)
    signal.signal(signal.SIGTERM, lambda *_: (monitor.stop(), sys.exit(143)))
    samples = {name: [] for name in ["push", "push-to-message", "message-to-notify", "local-add", "local-command"]}
    session = requests.Session()
    try:
        monitor.ready(time.time() + WAIT)
        for number in range(1, warmup + count + 1):
            if number % 20 == 0:
                subprocess.run(["dunstctl", "close-all"], check=True, timeout=WAIT)
            counted = number > warmup

            summary = "push-%d" % number
            payload = json.dumps({"aps": {"alert": {"title": summary, "body": BODY}}})
            # pywebpush's own preparation of its send: the encrypted body and the headers
            params = pusher._prepare_send_data(payload, headers={"Urgency": "normal"}, ttl=60,
                                               content_encoding="aes128gcm")
            endpoint = params.pop("endpoint")
            start = time.time()
            response = session.post(endpoint, timeout=WAIT, **params)
            if response.status_code not in (200, 201, 202):
                sys.exit("bench: the push server answered %d to %s" % (response.status_code, summary))
            # The first waits until the distributor is connected to the push server.
            wait = FIRST_WAIT if number == 1 else WAIT
            seen = monitor.wait(summary, start + wait)
            if seen is None:
                sys.exit("bench: %s not shown within %.0f s" % (summary, wait))
            if counted:
                notify = seen["Notify"][0]
                samples["push"].append((notify - start) * 1000)
                messages = seen.get("Message", [])
                if len(messages) != 1:
                    sys.exit("bench: %s came with %d Message calls, not 1" % (summary, len(messages)))
                samples["push-to-message"].append((messages[0] - start) * 1000)
                samples["message-to-notify"].append((notify - messages[0]) * 1000)

            summary = "local-%d" % number
            start = time.time()
            sent = subprocess.run([unotify, "send", "--app", app, summary, BODY],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=WAIT)
            if sent.returncode != 0:
                sys.exit("bench: unotify send exited %d: %s" % (sent.returncode, sent.stderr.decode()))
            seen = monitor.wait(summary, start + WAIT)
            if seen is None:
                sys.exit("bench: %s not shown within %.0f s" % (summary, WAIT))
            if counted:
                notify = seen["Notify"][0]
                adds = seen.get("Add", [])
                if len(adds) != 1:
                    sys.exit("bench: %s came with %d Add calls, not 1" % (summary, len(adds)))
                samples["local-add"].append((notify - adds[0]) * 1000)
                samples["local-command"].append((notify - start) * 1000)
    finally:
        monitor.stop()

    with open(tsv, "w", encoding="utf-8") as file:
        names = list(samples)
        file.write("\t".join(names) + "\n")
        for row in zip(*(samples[name] for name in names)):
            file.write("\t".join("%.3f" % value for value in row) + "\n")
    labels = {
        "push": "push: POST to the push server -> Notify",
        "push-to-message": "  of which POST -> distributor's Message",
        "message-to-notify": "  of which Message -> Notify (agent)",
        "local-add": "local: the app's Add -> Notify (agent)",
        "local-command": "local: unotify send started -> Notify",
    }
    print("%d of each, interleaved, after %d pairs of warm-up" % (count, warmup))
    for name, values in samples.items():
        print("%-42s p50 %8.2f ms   p99 %8.2f ms   max %8.2f ms" % (
            labels[name], statistics.median(values), percentile(values, 0.99), max(values)))
    for local in ["local-add", "local-command"]:
        print("ratio push / %-13s p50 %6.2f        p99 %6.2f" % (
            local, statistics.median(samples["push"]) / statistics.median(samples[local]),
            percentile(samples["push"], 0.99) / percentile(samples[local], 0.99)))


if __name__ == "__main__":
    main()
