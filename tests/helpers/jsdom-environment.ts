import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom lacks structuredClone, which rjsf 6 needs (without it form state silently never updates), and
 * TextEncoder/TextDecoder and fetch's Response and Headers, which Node has and browsers have.
 */
export default class Environment extends JSDOMEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    this.global.structuredClone = structuredClone;
    this.global.TextEncoder = TextEncoder as never;
    this.global.TextDecoder = TextDecoder as never;
    this.global.Response = Response as never;
    this.global.Headers = Headers as never;
  }
}
