import type { ProfileData } from '@pasal/contract/profile';
import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { type AuthState, loggedIn, loggedOut, selectIsLoggedIn } from '../auth/auth-slice';
import { fetchProfile } from './profile-api';

/** The customer's profile as last loaded (after login, or by the profile page); not persisted. */
export interface ProfileState {
  data: ProfileData | null;
}

const initialState: ProfileState = { data: null };

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    loaded(state, action: PayloadAction<ProfileData>) {
      state.data = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedIn, () => initialState).addCase(loggedOut, () => initialState);
  },
});

export const profileLoaded = profileSlice.actions.loaded;
export const selectProfile = (state: { profile: ProfileState }) => state.profile.data;
/** A staff account (the header links to the shop console); false until the profile is loaded. */
export const selectIsStaff = (state: { profile: ProfileState }) => state.profile.data?.user.is_staff === true;

type State = { auth: AuthState; profile: ProfileState };

/** Loads the profile after login (accounts-orders.md §4); the profile page shows it at once. */
export const loadProfile =
  (): ThunkAction<Promise<void>, State, unknown, UnknownAction> => async (dispatch, getState) => {
    const user = getState().auth.user_id;
    if (!selectIsLoggedIn(getState())) return;
    try {
      const data = await fetchProfile();
      if (getState().auth.user_id === user && selectIsLoggedIn(getState())) dispatch(profileLoaded(data));
    } catch {
      // The profile page loads it again and says what went wrong when it is opened.
    }
  };
