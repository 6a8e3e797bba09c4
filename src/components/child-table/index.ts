export * from "./child-fields";
export * from "./child-table";
export { DialogRowForm, type RowValidate } from "./row-forms";
export * from "./rows-state";
export * from "./submit-row";
