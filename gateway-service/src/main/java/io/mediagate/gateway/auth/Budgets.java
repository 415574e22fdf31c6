package io.mediagate.gateway.auth;

/** The caps that apply to a caller: its account's and its key's (either may be null). */
public record Budgets(Budget account, Budget key) {
    public static final Budgets NONE = new Budgets(null, null);

    public Budgets {
        account = account == null || account.isEmpty() ? null : account;
        key = key == null || key.isEmpty() ? null : key;
    }

    public boolean any() {
        return account != null || key != null;
    }
}
