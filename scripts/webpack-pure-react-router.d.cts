/** react-router's bundled source with its top-level components and contexts marked pure and unnamed. */
declare function pureReactRouter(source: string): string;
declare namespace pureReactRouter {
  export { pureReactRouter };
}
export = pureReactRouter;
