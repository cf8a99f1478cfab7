import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Metrics } from './metrics.js';

const DASHBOARD = resolve(import.meta.dirname, '../../../docker/grafana/dashboards/fated.json');

interface Panel {
  title?: string;
  type: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

/** The metric names a PromQL expression reads: identifiers that are neither functions, keywords nor labels. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const withoutGroupings = withoutStrings.replace(
    /\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g,
    '',
  );
  const withoutSelectors = withoutGroupings.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  return [...withoutSelectors.matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/g)]
    .map((match) => match[1]!)
    .filter((name) => name.includes('_') && !['group_left', 'group_right'].includes(name));
}

describe('the Grafana dashboard (docker/grafana/dashboards/fated.json)', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  const queries = panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel, expr: target.expr })),
  );

  it('reads only metrics the app exports', async () => {
    const metrics = new Metrics();
    const exported = new Set<string>();
    for (const family of await metrics.registry.getMetricsAsJSON()) {
      exported.add(family.name);
      // A histogram or summary is scraped as its series.
      if (['histogram', 'summary'].includes(String(family.type)))
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${family.name}${suffix}`);
    }
    expect(queries.length).toBeGreaterThan(10);
    const unknown = queries.flatMap(({ panel, expr }) =>
      metricNames(expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${panel.title}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // Every query names at least one of them.
    for (const { expr } of queries) expect(metricNames(expr).length).toBeGreaterThan(0);
  });

  it('finds the metric names in a query (and only those)', () => {
    expect(
      metricNames(
        'sum by (le, route) (rate(fated_x_bucket{status="5xx"}[5m])) / ignoring(status) group_left sum(rate(y_total[5m]))',
      ),
    ).toEqual(['fated_x_bucket', 'y_total']);
    expect(metricNames('time() - max(fated_last_timestamp_seconds)')).toEqual([
      'fated_last_timestamp_seconds',
    ]);
  });

  it('has the panels an operator looks at first', () => {
    const titles = panels.map((panel) => panel.title ?? '');
    for (const wanted of [
      /request rate by route/i,
      /p99.*by route/i,
      /daily run duration/i,
      /outbox backlog/i,
      /consumer lag/i,
      /dead letters/i,
      /errors/i,
    ])
      expect(titles.some((title) => wanted.test(title))).toBe(true);
  });
});
