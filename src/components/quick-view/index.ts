export * from "./operator-quick-view";
