import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import {
  SESSION_STORAGE_FULL_KEY,
  type Session,
} from '../../apps/web/src/core/session/session-key.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** This machine has no outside network: keep Chromium from trying to reach Google. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The targets for a first load on a phone (issue 25). */
const FIRST_LOAD_TARGETS = { performance: 90, lcpMs: 2500, transferredKb: 350 };

export interface FirstLoadFigures {
  /** Lighthouse's performance score, 0–100. */
  performance: number;
  /** First and largest contentful paint, total blocking time (ms, simulated). */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift (unitless). */
  cls: number;
  /** Everything the page load transferred (headers and bodies as sent, compressed). */
  transferredKb: number;
  requests: number;
}

export interface FirstLoadPage {
  name: string;
  url: string;
  /** A session put in the tab's storage before the page's first script runs. */
  session?: () => Promise<Session>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * One Lighthouse run (mobile, simulated throttling, cold cache) in a browser of its own; its
 * whole report is written to `reportDir` when given (open it in Lighthouse's viewer).
 */
async function measure(
  page: FirstLoadPage,
  run: number,
  reportDir?: string,
): Promise<FirstLoadFigures> {
  const browser: Browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const tab = await browser.newPage();
    if (page.session) {
      // Where the portal keeps a tab's session (spec 1 §4): sessionStorage, read at start.
      const value = JSON.stringify(await page.session());
      await tab.evaluateOnNewDocument(
        (k: string, v: string) => {
          try {
            const page = globalThis as unknown as { sessionStorage: Pick<Storage, 'setItem'> };
            page.sessionStorage.setItem(k, v);
          } catch {
            // about:blank, which Lighthouse opens between runs, has no storage.
          }
        },
        SESSION_STORAGE_FULL_KEY,
        value,
      );
    }
    const result = await lighthouse(
      page.url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      tab,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${page.name}-${run + 1}.json`), JSON.stringify(lhr));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = lhr.audits['network-requests']?.details;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
      transferredKb: Number((value('total-byte-weight') / 1024).toFixed(1)),
      requests: requests && 'items' in requests ? (requests.items as unknown[]).length : 0,
    };
  } finally {
    await browser.close();
  }
}

/** Every figure's median over the runs (each figure on its own, as Lighthouse's CI does). */
const medianOf = (runs: FirstLoadFigures[]): FirstLoadFigures => {
  const of = (key: keyof FirstLoadFigures) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    transferredKb: of('transferredKb'),
    requests: of('requests'),
  };
};

const meetsTargets = (f: FirstLoadFigures) =>
  f.performance >= FIRST_LOAD_TARGETS.performance &&
  f.lcpMs <= FIRST_LOAD_TARGETS.lcpMs &&
  f.transferredKb <= FIRST_LOAD_TARGETS.transferredKb;

/**
 * What a phone receives on a first visit, measured by Lighthouse 12 (mobile form factor,
 * default simulated throttling: 150 ms RTT, 1.6 Mbps, 4× CPU slowdown) in Debian's Chromium,
 * each page `runs` times from a cold cache; answers each page's medians, or why not measured.
 */
export async function firstLoadBench(options: {
  pages: FirstLoadPage[];
  runs?: number;
  /** Where each run's Lighthouse report (JSON) goes, when wanted. */
  reportDir?: string;
  say: (line: string) => void;
}): Promise<Record<string, FirstLoadFigures | { skipped: string }> | { skipped: string }> {
  const { pages, say } = options;
  const runs = options.runs ?? 3;
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  say(
    `\nfirst load on a phone: Lighthouse 12 mobile, simulated throttling, median of ${runs} (targets: performance ≥ ${FIRST_LOAD_TARGETS.performance}, LCP ≤ ${FIRST_LOAD_TARGETS.lcpMs} ms, ≤ ${FIRST_LOAD_TARGETS.transferredKb} KB transferred)`,
  );
  say(
    `${'page'.padEnd(12)}${'perf'.padStart(6)}${'FCP ms'.padStart(8)}${'LCP ms'.padStart(8)}${'CLS'.padStart(7)}${'TBT ms'.padStart(8)}${'KB'.padStart(8)}${'reqs'.padStart(6)}`,
  );
  const figures: Record<string, FirstLoadFigures | { skipped: string }> = {};
  for (const page of pages) {
    const measured: FirstLoadFigures[] = [];
    let failure = '';
    for (let i = 0; i < runs && !failure; i++) {
      // Lighthouse loses a trace now and then on a busy machine (NO_NAVSTART): once more.
      for (let attempt = 1; ; attempt++) {
        try {
          measured.push(await measure(page, i, options.reportDir));
          break;
        } catch (error) {
          if (attempt < 2) continue;
          failure = (error as Error).message.split('\n')[0]!;
          break;
        }
      }
    }
    if (failure) {
      // A page Lighthouse cannot measure is a figure missing, not a failed bench.
      figures[page.name] = { skipped: failure };
      say(`${page.name.padEnd(12)}not measured: ${failure}`);
      continue;
    }
    const f = medianOf(measured);
    figures[page.name] = f;
    say(
      `${page.name.padEnd(12)}${String(f.performance).padStart(6)}${String(f.fcpMs).padStart(8)}${String(f.lcpMs).padStart(8)}${f.cls.toFixed(3).padStart(7)}${String(f.tbtMs).padStart(8)}${f.transferredKb.toFixed(1).padStart(8)}${String(f.requests).padStart(6)}  ${meetsTargets(f) ? 'within' : 'OVER'}`,
    );
  }
  return figures;
}
