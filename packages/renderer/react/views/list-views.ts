import { createRegistry, type Registry } from '../../core/registry.js';
import GalleryView from './GalleryView.js';
import ListView from './ListView.js';
import RowsView from './RowsView.js';
import TableView from './TableView.js';
import type { ListViewType } from './types.js';

/** The built-in ways to show a list screen's rows, by the names `views` uses. */
export const defaultListViews: Registry<ListViewType> = createRegistry<ListViewType>('list view', {
  list: ListView,
  gallery: GalleryView,
  table: TableView,
  rows: RowsView,
});
