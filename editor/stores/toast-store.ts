/** @module editor/stores/toast-store — short messages to the builder (refused connections, saves, errors). */
import { makeAutoObservable } from 'mobx';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error' | 'success';
}

let ids = 0;

export class ToastStore {
  toasts: Toast[] = [];

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  show(text: string, tone: Toast['tone'] = 'info', ms = 4000): void {
    const toast = { id: ++ids, text, tone };
    // the same message twice in a row is shown once
    this.toasts = [...this.toasts.filter((t) => t.text !== text), toast].slice(-4);
    setTimeout(() => this.dismiss(toast.id), ms);
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }
}

export const toasts = new ToastStore();
