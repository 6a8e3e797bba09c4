/** One operator tab's rows and calls, as the child table takes them: GET, POST/PUT {data}, DELETE. */
import {
  type OperatoreTab,
  type TabItem,
  useDeleteOperatoreTabItemMutation,
  useOperatoreTabQuery,
  useSaveOperatoreTabItemMutation,
} from "../../../api/anagrafiche/operatori.endpoints";
import type { RowValues } from "../../../components/child-table";

export function useOperatoreTab(id: number, tab: OperatoreTab, toData?: (values: RowValues) => RowValues) {
  const { data, isLoading, error } = useOperatoreTabQuery({ id, tab });
  const [save] = useSaveOperatoreTabItemMutation();
  const [remove] = useDeleteOperatoreTabItemMutation();
  return {
    rows: data,
    isLoading,
    error,
    /** A new item's values, or an edited one's changes only (components/child-table). */
    save: (values: RowValues, item: TabItem | undefined) =>
      save({ id, tab, itemId: item?.id, data: toData ? toData(values) : values }).unwrap(),
    remove: (item: TabItem) => remove({ id, tab, itemId: item.id }).unwrap(),
  };
}
