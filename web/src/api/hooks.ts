// Typed hooks for the state every feature may read: the session and the API
// cache. (A feature's own slice exports its selectors.)
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { api } from './apiSlice';
import type { ApiState } from './baseQuery';

export type SharedState = ApiState & { api: ReturnType<typeof api.reducer> };
export type SharedDispatch = ThunkDispatch<SharedState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<SharedDispatch>();
export const useAppSelector = useSelector.withTypes<SharedState>();
