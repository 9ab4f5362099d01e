package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One distinct reject the venue sent during a run, with how often: what a venue profile is missing when a venue
 * rejects orders. One entry of {@code summary.json}'s {@code venueRejects}, written and read as it is.
 *
 * @param kind     what was rejected: {@code orderRejected}, {@code cancelRejected}, {@code sessionReject} or
 *                 {@code businessReject}.
 * @param text     the venue's Text (58), empty when it sent none.
 * @param refTagId the RefTagID (371) of a session Reject, or {@link #NO_TAG}.
 * @param count    how many times it came.
 */
@JsonPropertyOrder({ "kind", "text", "refTagId", "count" })
public record VenueReject(String kind, String text, int refTagId, long count)
{
    /** The RefTagID of a reject that named no tag. */
    public static final int NO_TAG = 0;
}
