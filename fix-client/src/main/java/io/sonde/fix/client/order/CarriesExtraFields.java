package io.sonde.fix.client.order;

import io.sonde.fix.client.profile.ExtraFields;

/**
 * A transport whose order messages can carry a venue profile's extra fields, so that every command that sends
 * orders honours a profile the same way.
 *
 * @param <T> the transport, returned for chaining.
 */
public interface CarriesExtraFields<T>
{
    /**
     * Add a venue profile's fields to every NewOrderSingle, OrderCancelRequest and OrderCancelReplaceRequest.
     */
    T withExtraFields(ExtraFields newOrderSingle, ExtraFields cancel, ExtraFields replace);
}
