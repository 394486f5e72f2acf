/**
 * A strict reader of the Prometheus text format (0.0.4) for tests: every line must be a HELP, a TYPE
 * or a sample of a family declared before it, or the whole text is refused.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
/** a float as Go's ParseFloat reads it (Prometheus's parser): NaN and Inf in any case, as prom-client writes `Nan` */
const VALUE = '[+-]?(?:\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?|[Ii][Nn][Ff])|[Nn][Aa][Nn]';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (${VALUE})(?: -?\\d+)?$`);
const ONE_LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;

/** The family a sample belongs to: histogram and summary samples carry a suffix. */
function familyOf(sample: string, families: Map<string, Family>) {
  if (families.has(sample)) return families.get(sample);
  const base = sample.replace(/_(bucket|sum|count)$/, '');
  const family = families.get(base);
  return family && (family.type === 'histogram' || family.type === 'summary') ? family : undefined;
}

export function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  for (const [i, line] of text.slice(0, -1).split('\n').entries()) {
    if (line === '') continue;
    const help = HELP_LINE.exec(line);
    if (help) {
      helps.set(help[1]!, help[2]!);
      continue;
    }
    const type = TYPE_LINE.exec(line);
    if (type) {
      const name = type[1]!;
      if (families.has(name)) throw new Error(`line ${i + 1}: ${name} is declared twice`);
      families.set(name, { name, help: helps.get(name) ?? '', type: type[2] as Family['type'], samples: [] });
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`line ${i + 1} is not in the Prometheus text format: ${line}`);
    const family = familyOf(sample[1]!, families);
    if (!family) throw new Error(`line ${i + 1}: ${sample[1]} has no TYPE before it`);
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(ONE_LABEL)) labels[m[1]!] = m[2]!;
    const raw = sample[3]!;
    const value = /nan/i.test(raw) ? NaN : /inf/i.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw);
    family.samples.push({ name: sample[1]!, labels, value });
  }
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when there is not exactly one. */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = familyOf(name, families);
  const found = (family?.samples ?? []).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]!.value;
}
