/** Customers and their saved cards (PaymentMethods, made only by the hosted card page). */
import type { cardDetails } from './cards';
import { type Core, type Route, base, list, load, publicView } from './core';
import { invalidRequest, paramError } from './errors';
import { emit, previousOf } from './events';
import { newId } from './ids';
import { mergeMetadata, metadata, text } from './params';
import type { Stored } from './store';

export interface Customer extends Stored {
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}

export interface PaymentMethod extends Stored {
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: ReturnType<typeof cardDetails>;
  /** The full test number, so later charges behave as that card does. */
  _standin: { number: string };
}

const CUSTOMER_FIELDS = ['email', 'name', 'description', 'metadata', 'invoice_settings'] as const;

function defaultPaymentMethod(core: Core, customer: string, params: Record<string, unknown>) {
  const id = text(params, ['invoice_settings', 'default_payment_method']);
  if (id === undefined) return undefined;
  const method = core.store.get<PaymentMethod>('payment_methods', id);
  if (method?.customer !== customer) {
    throw invalidRequest(`No such PaymentMethod: '${id}' attached to customer ${customer}`, {
      param: 'invoice_settings[default_payment_method]',
      code: 'resource_missing',
    });
  }
  return id;
}

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/customers',
    params: ['email', 'name', 'description', 'metadata', 'phone'],
    run: (core, { params }) => {
      const customer: Customer = {
        id: newId('cus'),
        ...base(core, 'customer'),
        object: 'customer',
        email: text(params, ['email']) ?? null,
        name: text(params, ['name']) ?? null,
        description: text(params, ['description']) ?? null,
        metadata: metadata(params) ?? {},
        invoice_settings: { default_payment_method: null },
      };
      core.store.put('customers', customer);
      emit(core, 'customer.created', customer);
      return publicView(customer);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/customers/:id',
    run: (core, call) => publicView(load(core, 'customers', call.path.id!, 'customer')),
  },
  {
    method: 'POST',
    pattern: '/v1/customers/:id',
    params: CUSTOMER_FIELDS,
    run: (core, { params, path }) => {
      const customer = load<Customer>(core, 'customers', path.id!, 'customer');
      const previous = previousOf(customer, CUSTOMER_FIELDS);
      const method = defaultPaymentMethod(core, customer.id, params);
      for (const field of ['email', 'name', 'description'] as const) {
        const value = text(params, [field]);
        if (value !== undefined) customer[field] = value;
      }
      customer.metadata = mergeMetadata(customer.metadata, metadata(params));
      if (method !== undefined) customer.invoice_settings.default_payment_method = method;
      core.store.put('customers', customer);
      emit(core, 'customer.updated', customer, { previous, scope: customer.id });
      return publicView(customer);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/customers/:id/payment_methods',
    params: ['type', 'limit', 'starting_after'],
    run: (core, call) => {
      load(core, 'customers', call.path.id!, 'customer');
      return list(methodsOf(core, call.path.id!, call.params.type), call);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/payment_methods',
    params: ['customer', 'type', 'limit', 'starting_after'],
    run: (core, call) => {
      const customer = text(call.params, ['customer'], true);
      return list(methodsOf(core, customer, call.params.type), call);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/payment_methods/:id',
    run: (core, call) => publicView(load(core, 'payment_methods', call.path.id!, 'PaymentMethod')),
  },
  {
    method: 'POST',
    pattern: '/v1/payment_methods/:id/detach',
    run: (core, { path }) => {
      const method = load<PaymentMethod>(core, 'payment_methods', path.id!, 'PaymentMethod');
      if (method.customer === null) {
        throw invalidRequest(
          `The payment method you provided is not attached to a customer so detachment is impossible.`,
          { code: 'payment_method_unexpected_state' },
        );
      }
      const previous = previousOf(method, ['customer']);
      const owner = core.store.get<Customer>('customers', method.customer);
      if (owner?.invoice_settings.default_payment_method === method.id) {
        owner.invoice_settings.default_payment_method = null;
        core.store.put('customers', owner);
      }
      method.customer = null;
      core.store.put('payment_methods', method);
      emit(core, 'payment_method.detached', method, { previous });
      return publicView(method);
    },
  },
];

function methodsOf(core: Core, customer: string, type: unknown): PaymentMethod[] {
  if (type !== undefined && type !== 'card') {
    throw paramError('The stand-in has card payment methods only', 'type');
  }
  return core.store.all<PaymentMethod>('payment_methods').filter((m) => m.customer === customer);
}
