import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// accounts-orders.md §3: the session as the browser keeps it.
export interface AuthState {
  user_id: string;
  access: string;
  refresh: string | null;
  isAuthenticated: boolean;
}

export const initialAuthState: AuthState = { user_id: '', access: '', refresh: null, isAuthenticated: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn(_state, action: PayloadAction<{ access: string; refresh: string; user_id: string | number }>) {
      const { access, refresh, user_id } = action.payload;
      return { access, refresh, user_id: String(user_id), isAuthenticated: true };
    },
    tokensRefreshed(state, action: PayloadAction<{ access: string; refresh?: string | null }>) {
      // A refresh that answers after logout logs nobody in.
      if (!state.isAuthenticated) return;
      state.access = action.payload.access;
      // The refresh token rotates; keep the old one if the server did not send a new one.
      if (action.payload.refresh) state.refresh = action.payload.refresh;
    },
    /**
     * The session ended: the customer logged out (no cause), it expired, or another tab ended it
     * (what else goes with a logout, such as an order waiting to be sent, is that tab's to do).
     */
    loggedOut(_state, _action: PayloadAction<{ cause: 'expired' | 'other-tab' } | undefined>) {
      return initialAuthState;
    },
  },
});

export const { loggedIn, tokensRefreshed, loggedOut } = authSlice.actions;

interface WithAuth {
  auth: AuthState;
}
export const selectAuth = (state: WithAuth) => state.auth;
/** A user counts as logged in when an access token is present (accounts-orders.md §1). */
export const selectIsLoggedIn = (state: WithAuth) => Boolean(state.auth.access);
