/** Contract suites and a data provider in memory, for an integrator's own tests (see README.md). */
export { widgetContract, type ContractCase, type WidgetContractOptions } from './widgetContract.js';
export {
  dataProviderContract,
  type ContractRunner,
  type DataProviderFixture,
  type DataProviderSetup,
  type RecordId,
} from './data-provider-contract.js';
export {
  createMemoryDataProvider,
  type MemoryCall,
  type MemoryDataProvider,
  type MemoryOperation,
  type MemoryProviderOptions,
  type MemoryRecord,
  type MemoryResource,
} from './memory-provider.js';
