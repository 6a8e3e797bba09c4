/** `useDispatch` / `useSelector` typed with the store's shape (src/lib/store-types.ts). */
import { useDispatch, useSelector } from "react-redux";
import type { AppDispatch, RootState } from "./store-types";

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
