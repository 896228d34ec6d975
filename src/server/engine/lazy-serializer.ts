import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Serialiser = (doc: unknown) => string;
type RouteDefinition = { method: string; url: string; httpStatus: string; schema?: unknown };
type SerialiserFactory = (externalSchemas?: unknown, options?: object) => (route: RouteDefinition) => Serialiser;

/**
 * Fastify's own response serialiser (fast-json-stringify), compiled for each route and status on its first response
 * instead of when the app starts: every route declares its successes and its refusals, and compiling them all up
 * front took seconds at each start (the API tests build the app dozens of times; a server answers few of them soon).
 */
export function lazySerializerFactory(): SerialiserFactory {
  const build = (SerializerSelector as unknown as () => SerialiserFactory)();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialise: Serialiser | undefined;
      return (doc) => (serialise ??= compile(route))(doc);
    };
  };
}
