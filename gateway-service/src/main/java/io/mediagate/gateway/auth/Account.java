package io.mediagate.gateway.auth;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A customer account: its tier decides its limits. */
@Entity
@Table(name = "accounts")
public class Account extends PanacheEntityBase {
    @Id
    public String id;
    public String name;
    public String tier;
    /** JSON of {@link AccountLimits}, or null. */
    public String limits;
    /** JSON of {@code budgets.Budget}, or null. */
    public String budget;
    /** {@code replacement}: requests naming a retired model are served by its replacement; null or {@code none}: refused. */
    @Column(name = "model_upgrades")
    public String modelUpgrades;
    /** Whether its seeded image requests reuse a stored result of the same terms unless they say otherwise. */
    @Column(name = "reuse_results")
    public boolean reuseResults;
    @Column(name = "created_at")
    public Instant createdAt;
    /** When an administrator suspended it (its keys refused until reinstated); null while it is in good standing. */
    @Column(name = "suspended_at")
    public Instant suspendedAt;
}
