import fs from 'node:fs';
import type { Options, ValidateFunction } from 'ajv';
import type { PermissionRules } from '../../../permissions/defineAbilityFor';
import { readPermissionRules } from '../../../permissions/rule-files';
import { createI18n, type I18n } from '../infra/i18n';
import { sha256 } from '../infra/crypto';
import { bodyValidatorCompiler } from './request-validator';
import { registryProblems, type CodeNames } from './schema-checks';
import { loadSchemas, type JsonSchema, type Resource, type SchemaRegistry } from './schema-registry';
import { standaloneValidator } from './standalone-validator';

/** Where the run-time definitions are read from. */
export interface SchemaSources {
  schemasDir: string;
  permissionsDir: string;
  localesDir: string;
}

/** One consistent set: schemas, permission rules and texts, checked together and swapped in together. */
export interface SchemaSet {
  /** 0 for the set read at start, one more for each set swapped in since. */
  version: number;
  rules: PermissionRules;
  rulesHash: string;
  i18n: I18n;
  textsHash: string;
  /** Each resource's `.request`, `.record` and `.item` shapes by `$id`, as the routes' schemas name them. */
  shared: Record<string, object>;
  /** Each resource's request validator, compiled as the routes compile bodies. */
  bodies: Map<string, ValidateFunction>;
  /** Each resource's request schema by `name.hash`: the content address of its browser validator module. */
  validators: Map<string, JsonSchema>;
}

export type ReloadResult = { ok: true; version: number } | { ok: false; error: string };

interface Log {
  info(msg: string): void;
  error(msg: string): void;
}

const hashOf = (value: unknown): string => sha256(JSON.stringify(value)).slice(0, 16);

/** What a resource's routes are made of at start: a reload may not change it (the routes would not follow). */
const routeShape = (r: Resource): string | null =>
  r.meta.crud === false
    ? null
    : JSON.stringify([
        r.meta.path,
        r.meta.showPath ?? null,
        r.meta.subject,
        r.meta.table,
        r.meta.operations ?? null,
        !!r.meta.owner,
        r.meta.export?.formats ?? null,
        r.meta.related ?? [],
        Object.keys(r.meta.scopes ?? {}),
        Object.keys(r.meta.flags ?? {}),
        Object.keys(r.meta.scopeParams ?? {}),
        r.meta.filters ?? {},
      ]);

function routeChanges(before: SchemaRegistry, after: SchemaRegistry): string[] {
  const names = new Set([...before.resources.keys(), ...after.resources.keys()]);
  const problems: string[] = [];
  for (const name of names) {
    const was = before.resources.get(name);
    const is = after.resources.get(name);
    const [a, b] = [was ? routeShape(was) : null, is ? routeShape(is) : null];
    if (a === b) continue;
    if (!was) problems.push(`resources/${name}.json: a new resource's routes are made at start: restart the server`);
    else if (!is) problems.push(`resource ${name} was removed: its routes stay until the server restarts`);
    else
      problems.push(
        `resources/${name}.json: its routes (path, show path, subject, table, operations, export, related lists or list parameters) changed: restart the server`,
      );
  }
  return problems;
}

/**
 * The schemas, permission rules and texts the server runs on, re-read without a restart. `reload()` reads every file
 * again, checks the new set as a whole (meta-schemas, every name resolving as `npm run validate:schemas` checks it,
 * widget names included; well-formed rules; every validator compiling) and only then swaps it in, in one step; a
 * set with any problem is not used, and the log says why. `watch()` reloads on file changes (development); the server reloads on SIGHUP.
 *
 * Routes are made at start, so the registry object stays the same: on a swap its maps are replaced and each
 * resource that was there keeps its object, given the new definition — the routes made for it at start validate,
 * serialise and query by the reloaded schema. What the routes are made of (a resource's path, operations, list
 * parameters; new or removed resources) cannot change by a reload: such a set is refused until a restart.
 */
export class SchemaStore {
  readonly registry: SchemaRegistry;
  /** The texts of the current set; `translator` always answers with the current texts. */
  readonly i18n: I18n;
  private set: SchemaSet;
  private previous: Map<string, JsonSchema> = new Map();
  private watchers: fs.FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;
  log: Log = console;

  /** `code`: the names only the browser's code defines (widgets, screen kinds…), checked like the build checks them. */
  constructor(
    private readonly sources: SchemaSources,
    private readonly ajvOptions: Options,
    private readonly code: CodeNames = {},
  ) {
    const { registry, set } = this.prepare(0, null);
    this.registry = registry;
    this.set = set;
    const current = () => this.set.i18n;
    this.i18n = {
      get texts() {
        return current().texts;
      },
      translator: (locale) => current().translator(locale),
    };
  }

  get current(): SchemaSet {
    return this.set;
  }

  /** A resource's current body validator (for the routes' validator compiler). */
  validator(name: string): ValidateFunction | undefined {
    return this.set.bodies.get(name);
  }

  /** The request schema behind a validator module's `name.hash`: the current set's, or the one before it. */
  validatorSchema(file: string): JsonSchema | undefined {
    return this.set.validators.get(file) ?? this.previous.get(file);
  }

  /** Reads, checks and compiles a set; throws one message listing every problem. */
  private prepare(version: number, before: SchemaRegistry | null): { registry: SchemaRegistry; set: SchemaSet } {
    const registry = loadSchemas(this.sources.schemasDir);
    const i18n = createI18n(this.sources.localesDir);
    const problems = [
      ...registryProblems(registry, i18n.texts, this.code),
      ...(before ? routeChanges(before, registry) : []),
    ];
    if (problems.length) throw new Error(problems.join('\n'));
    const rules = readPermissionRules(this.sources.permissionsDir);
    const compile = bodyValidatorCompiler(this.ajvOptions);
    const shared: Record<string, object> = {};
    const bodies = new Map<string, ValidateFunction>();
    const validators = new Map<string, JsonSchema>();
    for (const r of registry.resources.values()) {
      const title = r.file.title;
      shared[`${r.name}.request`] = { ...r.request, $id: `${r.name}.request`, title: `${title}Input` };
      shared[`${r.name}.record`] = { ...r.record, $id: `${r.name}.record`, title };
      shared[`${r.name}.item`] = { ...r.item, $id: `${r.name}.item`, title: `${title}ListItem` };
      bodies.set(r.name, compile({ ...r.request, $id: undefined }));
      const file = `${r.name}.${hashOf(r.request)}`;
      // A changed schema's browser module is built now, so a schema it cannot be built from is refused here.
      if (before && !this.set.validators.has(file)) standaloneValidator(r.request);
      validators.set(file, r.request);
    }
    const set: SchemaSet = {
      version,
      rules,
      rulesHash: hashOf(rules),
      i18n,
      textsHash: hashOf(i18n.texts),
      shared,
      bodies,
      validators,
    };
    return { registry, set };
  }

  /** Reads every file again and swaps the new set in when it is sound; otherwise keeps the current one. */
  reload(): ReloadResult {
    let next: { registry: SchemaRegistry; set: SchemaSet };
    try {
      next = this.prepare(this.set.version + 1, this.registry);
    } catch (err) {
      const error = (err as Error).message;
      this.log.error(`Schemas not reloaded, the server keeps the ones it has:\n${error}`);
      return { ok: false, error };
    }
    // The swap: synchronous, so no request sees half of it.
    const { registry } = next;
    for (const [name, resource] of registry.resources) {
      const kept = this.registry.resources.get(name);
      if (kept) registry.resources.set(name, Object.assign(kept, resource));
    }
    Object.assign(this.registry, registry);
    this.previous = this.set.validators;
    this.set = next.set;
    this.log.info(`Schemas reloaded (set ${next.set.version}, ${this.registry.hash}).`);
    return { ok: true, version: next.set.version };
  }

  /** Reloads shortly after files change under any source folder (a save often writes more than once). */
  watch(): void {
    for (const dir of Object.values(this.sources)) {
      try {
        const watcher = fs.watch(dir, { recursive: true }, (_event, file) => {
          if (file && !String(file).endsWith('.json')) return;
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.reload(), 100);
        });
        watcher.on('error', (err) => this.log.error(`Watching ${dir} stopped: ${err.message}`));
        this.watchers.push(watcher);
      } catch (err) {
        this.log.error(`Cannot watch ${dir}: ${(err as Error).message}`);
      }
    }
  }

  /** Reloads when the process receives `signal` (SIGHUP, from server.ts); returns what stops it. */
  onSignal(signal: NodeJS.Signals): () => void {
    const reload = () => void this.reload();
    process.on(signal, reload);
    return () => void process.off(signal, reload);
  }

  close(): void {
    clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
    this.watchers = [];
  }
}
