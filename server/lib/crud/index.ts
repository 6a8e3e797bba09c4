/** Sub-resources: a declaration → list/create/update/delete routes and services (see README.md). */
export {
  type Azione,
  type ChildCrud,
  defineChildCrud,
  fromDeclaration,
  type PathIds,
  type ReadContext,
  type Row,
} from "./define";
export { childCrudRoutes, registerChildCrud } from "./routes";
export { createChild, deleteChild, listChildren, readChild, updateChild } from "./service";
