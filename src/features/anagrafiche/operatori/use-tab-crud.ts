/** The calls of one operator tab sub-resource for ItemTable: list, save (POST/PUT {data}), delete. */
import {
  type OperatoreTab,
  type TabItem,
  useDeleteOperatoreTabItemMutation,
  useOperatoreTabQuery,
  useSaveOperatoreTabItemMutation,
} from "../../../api/anagrafiche/operatori.endpoints";
import { errorMessage } from "../../../api/base";
import { notify } from "../../../lib/toaster";
import { MSG } from "../common/messages";
import { reportError } from "../common/save-error";

export function useTabCrud(
  id: number,
  tab: OperatoreTab,
  toData?: (values: Record<string, unknown>) => Record<string, unknown>,
) {
  const { data, isLoading, error } = useOperatoreTabQuery({ id, tab });
  const [save] = useSaveOperatoreTabItemMutation();
  const [remove] = useDeleteOperatoreTabItemMutation();
  return {
    items: data,
    loading: isLoading,
    error,
    onSave: async (values: Record<string, unknown>, item: TabItem | undefined) => {
      try {
        await save({ id, tab, itemId: item?.id, data: toData ? toData(values) : values }).unwrap();
        notify.success(MSG.saved);
        return undefined;
      } catch (e) {
        return reportError(e) ?? {};
      }
    },
    onDelete: async (item: TabItem) => {
      try {
        await remove({ id, tab, itemId: item.id }).unwrap();
        notify.success(MSG.elementoEliminato);
        return true;
      } catch (e) {
        notify.error(errorMessage(e));
        return false;
      }
    },
  };
}
