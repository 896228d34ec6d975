import JSDOMEnvironment from 'jest-environment-jsdom';

/** jsdom lacks structuredClone, which rjsf 6 needs (without it form state silently never updates). */
export default class Environment extends JSDOMEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    this.global.structuredClone = structuredClone;
  }
}
