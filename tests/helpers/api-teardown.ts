import { dropTemplates, type Templates } from './template-db';

/** Jest's global teardown of the api project: drops the run's templates and whatever its test apps left. */
export default async function teardown(): Promise<void> {
  const templates = (globalThis as { soloistTemplates?: Templates }).soloistTemplates;
  if (templates) await dropTemplates(templates);
}
