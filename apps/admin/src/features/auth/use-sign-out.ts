import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from './api/logout';
import { endSession } from './session';

/** Logout: ends the server session (its failure does not matter), forgets it here, back to /login. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void logout()
      .catch(() => {})
      .finally(() => endSession(queryClient, () => navigate('/login', { replace: true })));
  };
}
