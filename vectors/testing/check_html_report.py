#!/usr/bin/env python3
"""The HTML report in a real headless browser (Debian's chromium).

Copies the Python example adapter with one planted bug (never committed: the
copy lives in WORK), runs `lbconform run` on it with --report and
--summary-md, renders `lbconform report`, loads the page in headless
chromium and checks: the page's script ran, no console error, and the counts
on the page (totals, failing rows) match the JSON report. Takes a screenshot.

    check_html_report.py --lbconform BIN --adapter ADAPTER.py --work DIR [--screenshot PNG]
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

# The planted bug: a failover ratio met exactly no longer keeps the primaries
# (FO-13's "at least" read as "more than").
PLANT_FIND = 'Fraction(len(healthy_primaries), len(primaries)) >= x'
PLANT_REPLACE = 'Fraction(len(healthy_primaries), len(primaries)) > x'


def fail(message: str) -> NoReturn:
    print("check_html_report: " + message, file=sys.stderr)
    sys.exit(1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lbconform", required=True)
    parser.add_argument("--adapter", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        fail("chromium is not installed (scripts/install-deps installs it)")
    work = Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    source = Path(args.adapter).read_text()
    if PLANT_FIND not in source:
        fail("the planted bug's line is not in the adapter any more: " + PLANT_FIND)
    planted = work / "planted_adapter.py"
    planted.write_text(source.replace(PLANT_FIND, PLANT_REPLACE, 1))

    report, summary, html = work / "report.json", work / "summary.md", work / "report.html"
    run = subprocess.run([args.lbconform, "run", "--impl", "python3 " + str(planted), "--profile", "spec-docs",
                          "--report", str(report), "--summary-md", str(summary)],
                         capture_output=True, text=True)
    (work / "run.txt").write_text(run.stdout)
    if run.returncode != 1:
        fail(f"run on the planted adapter exited {run.returncode}, not 1:\n{run.stdout[-3000:]}{run.stderr[-2000:]}")
    closing = run.stdout.strip().splitlines()[-1]
    if not re.fullmatch(r"run: \d+ passed, [1-9]\d* failed, \d+ skipped", closing):
        fail("the closing line is not 'run: N passed, N failed, N skipped': " + closing)
    data = json.loads(report.read_text())
    rendered = subprocess.run([args.lbconform, "report", str(report), "-o", str(html)], capture_output=True, text=True)
    if rendered.returncode != 0:
        fail("lbconform report failed: " + rendered.stderr)

    browser = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--user-data-dir=" + str(work / "profile"), "--enable-logging=stderr", "--v=0"]
    page = html.resolve().as_uri()
    # One browser start gives the DOM after the page's script ran and the screenshot.
    shot = ["--hide-scrollbars", "--window-size=1280,1500", "--screenshot=" + args.screenshot] if args.screenshot else []
    dom = subprocess.run(browser + shot + ["--dump-dom", page], capture_output=True, text=True, timeout=120)
    if dom.returncode != 0 or "<body" not in dom.stdout:
        fail(f"chromium --dump-dom failed ({dom.returncode}): {dom.stderr[-2000:]}")
    text = dom.stdout

    def count(element_id: str) -> int:
        m = re.search(r'id="' + re.escape(element_id) + r'"[^>]*data-count="(\d+)"', text)
        if m is None:
            m = re.search(r'data-count="(\d+)"[^>]*id="' + re.escape(element_id) + r'"', text)
        if m is None:
            fail("the page has no #" + element_id)
        return int(m.group(1))

    problems: list[str] = []
    if 'data-ready="yes"' not in text:
        problems.append("the page's script did not run to its end")
    if count("console-errors") != 0:
        shown = re.search(r'id="console-errors"[^>]*>(.*?)</p>', text, re.S)
        problems.append("console errors on the page: " + (shown.group(1) if shown else "(not shown)"))
    for line in dom.stderr.splitlines():
        if "CONSOLE" in line and ("Uncaught" in line or "Error" in line) or "Refused to" in line:
            problems.append("browser log: " + line)
    totals = data["totals"]
    for name in ("passed", "failed", "skipped"):
        if count("total-" + name + "-0") != totals[name]:
            problems.append(f"{name}: the page says {count('total-' + name + '-0')}, the JSON {totals[name]}")
    failing = sum(1 for r in data["results"] if r["disposition"] in ("failed", "adapter-error"))
    rows = text.count('<tbody class="case"')
    if count("failing-rows-0") != failing or rows != failing:
        problems.append(f"failing rows: the page has {rows}, the JSON {failing}")
    if failing and '<mark class="diff">' not in text:
        problems.append("no differing field is highlighted")
    if problems:
        fail("\n".join(problems))

    if args.screenshot and not Path(args.screenshot).exists():
        fail("chromium wrote no screenshot: " + dom.stderr[-2000:])
    print(f"check_html_report: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped "
          f"on the page as in the JSON; {failing} failing rows; no console error")


if __name__ == "__main__":
    main()
