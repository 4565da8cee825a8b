import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BindMethodFields, bindDrawMethod } from './bind-draw-method';
import { type MethodType, walletKeys } from './keys';

/** Binds a coin address or bank account for a currency; resolves to the server's message. */
export function useBindDrawMethod(type: MethodType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currencyId, fields }: { currencyId: number; fields: BindMethodFields }) =>
      bindDrawMethod(type, currencyId, fields),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.drawMethods });
    },
  });
}
