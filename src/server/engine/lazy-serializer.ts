import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Serialiser = (doc: unknown) => string;
type RouteDefinition = { method: string; url: string; httpStatus: string; schema?: unknown };
type SerialiserFactory = (externalSchemas?: unknown, options?: object) => (route: RouteDefinition) => Serialiser;

/**
 * Fastify's own response serialiser (fast-json-stringify), compiled for each route and status on its first response
 * instead of when the app starts: every route declares its successes and its refusals, and compiling them all up
 * front took seconds at each start (the API tests build the app dozens of times; a server answers few of them soon).
 */
export function lazySerializerFactory(live?: LiveShared): SerialiserFactory {
  const build = (SerializerSelector as unknown as () => SerialiserFactory)();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    // After a reload, routes that name a resource's shapes compile again with the reloaded ones (once per set).
    let reloaded: { version: number; compile: ReturnType<SerialiserFactory> } | undefined;
    const compilerAt = (version: number) => {
      if (!live || version === 0) return compile;
      if (reloaded?.version !== version)
        reloaded = { version, compile: build({ ...(externalSchemas as object), ...live.shared() }, options) };
      return reloaded.compile;
    };
    return (route) => {
      const followsSet = !!live && RESOURCE_REF.test(JSON.stringify(route.schema ?? {}));
      let serialise: Serialiser | undefined;
      let at = 0;
      return (doc) => {
        const version = followsSet ? live!.version() : 0;
        if (!serialise || version !== at) {
          serialise = compilerAt(version)(route);
          at = version;
        }
        return serialise(doc);
      };
    };
  };
}

/** The resources' shared response shapes (`clients.record`, `clients.item`) of the current set, and its version. */
export interface LiveShared {
  version(): number;
  shared(): Record<string, object>;
}

const RESOURCE_REF = /"\$ref":"[a-z][a-z0-9-]*\.(record|item|request)#/;
