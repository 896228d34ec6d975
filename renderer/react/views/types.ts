import type { RecordData, ScreenDef } from '../../core/types';

export interface ViewProps {
  rows: RecordData[];
  screen: ScreenDef;
  sort?: string;
  onSort(field: string): void;
  onOpen(row: RecordData): void;
}
