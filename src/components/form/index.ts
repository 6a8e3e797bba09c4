export * from "./checkbox-field";
export * from "./date-time-fields";
export * from "./date-time-input";
export * from "./form-field";
export * from "./save-failure";
export * from "./select-field";
export * from "./textarea-field";
