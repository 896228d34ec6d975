import { createRegistry, type Registry } from '../../core/registry';
import GalleryView from './GalleryView';
import ListView from './ListView';
import RowsView from './RowsView';
import TableView from './TableView';
import type { ListViewType } from './types';

/** The built-in ways to show a list screen's rows, by the names `views` uses. */
export const defaultListViews: Registry<ListViewType> = createRegistry<ListViewType>('list view', {
  list: ListView,
  gallery: GalleryView,
  table: TableView,
  rows: RowsView,
});
