import { useMutation } from '@tanstack/react-query';
import { cancelOrder, closeOrder, setStopPrices } from './order-actions';

/**
 * The order screen's actions as mutations; each resolves to the server's message. The screen
 * reloads its lists after any of them (with its focus handling), so none invalidates here.
 */
export const useCloseOrder = () =>
  useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      closeOrder(id, idempotencyKey),
  });

export const useCancelOrder = () =>
  useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      cancelOrder(id, idempotencyKey),
  });

export const useSetStops = () =>
  useMutation({
    mutationFn: ({ id, stopLoss, takeProfit }: { id: number; stopLoss: string; takeProfit: string }) =>
      setStopPrices(id, stopLoss, takeProfit),
  });
