package io.sonde.fix.client.profile;

/**
 * One field or repeating group a profile adds to a message, as read and checked: compiled for a run once its
 * number of sessions and seed are known.
 */
interface ProfileField
{
    /**
     * @param seed this field's own seed, so two random fields never draw the same sequence.
     */
    ExtraFields.Entry compile(int sessions, long seed);
}
