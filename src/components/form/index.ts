export * from "./form-field";
